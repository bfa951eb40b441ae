import { dashboardSuite } from './dashboard-suite.ts';
import { proSuite } from './pro-suite.ts';

dashboardSuite('node');
proSuite('node');
