import type { FilterResult } from '../api/types.ts';
import { formatScore } from './format.ts';

/** The filters of one decision (digest breakdown or audit filter_results); matched rows in bold. */
export function FilterResultsTable({ results }: { results: FilterResult[] }) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Filter</th>
          <th scope="col">Matched</th>
          <th scope="col">Score</th>
          <th scope="col">Severity</th>
          <th scope="col">Message</th>
        </tr>
      </thead>
      <tbody>
        {results.map((result, i) => (
          <tr key={i} class={result.matched ? 'matched' : ''}>
            <td class="mono">{result.filter_name}</td>
            <td>{result.matched ? 'yes' : 'no'}</td>
            <td class="num">{formatScore(result.score)}</td>
            <td>{result.severity}</td>
            <td>{result.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
