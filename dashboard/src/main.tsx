import 'uplot/dist/uPlot.min.css';
import './styles.css';
import { render } from 'preact';
import { takePairCode } from './api/pairing.ts';
import { App } from './app.tsx';
import { applyStoredTheme } from './components/theme.ts';

// The pairing code leaves the address bar before anything else runs.
const pairCode = takePairCode();
applyStoredTheme();
render(<App pairCode={pairCode} />, document.getElementById('app')!);
