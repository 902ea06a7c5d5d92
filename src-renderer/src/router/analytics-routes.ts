import type { RouteRecordRaw } from 'vue-router';

/**
 * Routes of the analytics screens: children of the project route (param `project`), so
 * `/projects/7/dashboard`. Screens are loaded on first visit (Chart.js stays out of the first
 * paint of the projects list).
 */
export const analyticsRoutes: RouteRecordRaw[] = [
  {
    path: 'dashboard',
    name: 'analytics-dashboard',
    component: () => import('../views/analytics/DashboardView.vue'),
  },
  {
    path: 'competitors',
    name: 'analytics-competitors',
    component: () => import('../views/analytics/CompetitorsView.vue'),
  },
  {
    path: 'answers',
    name: 'analytics-answers',
    component: () => import('../views/analytics/AnswersView.vue'),
  },
  {
    path: 'sources',
    name: 'analytics-sources',
    component: () => import('../views/analytics/SourcesView.vue'),
  },
];
