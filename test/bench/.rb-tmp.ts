import { runReportsBench } from '/work/main/test/bench/reports.bench';
void runReportsBench();
