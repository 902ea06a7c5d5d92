import type { RouteRecordRaw } from 'vue-router';

/**
 * Routes of the print views (the report PDF is printed from these). They render without the
 * app shell and read the API with the `token` of their own address (`?token=`).
 */
export const printRoutes: RouteRecordRaw[] = [
  {
    path: '/print/reports/:project(\\d+)/:report(\\d+)',
    name: 'print-report',
    component: () => import('../print/ReportPrint.vue'),
    meta: { public: true, print: true },
  },
];
