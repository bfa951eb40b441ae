import { dashboardSuite } from './dashboard-suite.ts';

dashboardSuite('node');
