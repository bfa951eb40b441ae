import type { FilterResult } from '../api/types.ts';
import { formatScore } from './format.ts';

function FilterRows({ results }: { results: FilterResult[] }) {
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

/**
 * The filters of one decision (digest breakdown or audit filter_results): the
 * ones that matched (why the call was scored so) in their pipeline order, and
 * the ones that found nothing folded away below them.
 */
export function FilterResultsTable({ results }: { results: FilterResult[] }) {
  const matched = results.filter((r) => r.matched);
  const quiet = results.filter((r) => !r.matched);
  return (
    <>
      {matched.length > 0 ? <FilterRows results={matched} /> : <p class="muted">No filter matched.</p>}
      {quiet.length > 0 ? (
        <details>
          <summary>
            {quiet.length} {quiet.length === 1 ? 'filter' : 'filters'} found nothing
          </summary>
          <FilterRows results={quiet} />
        </details>
      ) : null}
    </>
  );
}
