import type { RouteRecordRaw } from 'vue-router';

/** Routes of the analytics screens (children of a project). */
export const analyticsRoutes: RouteRecordRaw[] = [];
