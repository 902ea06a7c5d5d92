import { createRouter, createWebHashHistory, type RouteRecordRaw, type Router } from 'vue-router';
import { analyticsRoutes } from './analytics-routes';
import { printRoutes } from './print-routes';
import { useSessionStore } from '../stores/session';
import { useProjectsStore } from '../stores/projects';
import AppShell from '../components/layout/AppShell.vue';

/**
 * Hash history, so the web build works from any path and the print view opens as `#/print/...`.
 * Screens inside the app shell need a signed-in session; the sign-in screen and the print views
 * (`meta.public`) do not, and print views render without the shell.
 */
const projectChildren: RouteRecordRaw[] = [
  {
    path: '',
    name: 'project',
    redirect: (to) => {
      const dashboard = `/projects/${to.params.project}/dashboard`;
      return analyticsRoutes.length ? dashboard : `/projects/${to.params.project}/reports`;
    },
  },
  ...analyticsRoutes,
  { path: 'reports', name: 'reports', component: () => import('../views/ReportsView.vue') },
  { path: 'prompts', name: 'prompts', component: () => import('../views/PromptsView.vue') },
  { path: 'settings', name: 'project-settings', component: () => import('../views/ProjectSettingsView.vue') },
];

export const routes: RouteRecordRaw[] = [
  {
    path: '/sign-in',
    name: 'sign-in',
    component: () => import('../views/SignInView.vue'),
    meta: { public: true },
  },
  ...printRoutes.map((r) => ({ ...r, meta: { public: true, ...r.meta } }) as RouteRecordRaw),
  {
    path: '/',
    component: AppShell,
    children: [
      {
        path: '',
        name: 'projects',
        component: () => import('../views/ProjectsView.vue'),
        beforeEnter: async () => {
          // First run: no project yet → the welcome screen.
          const projects = useProjectsStore();
          await projects.ensureLoaded();
          if (projects.loaded && projects.projects.length === 0) return { name: 'welcome' };
          return true;
        },
      },
      { path: 'welcome', name: 'welcome', component: () => import('../views/WelcomeView.vue') },
      { path: 'projects/new', name: 'new-project', component: () => import('../views/NewProjectView.vue') },
      {
        path: 'projects/:project(\\d+)',
        component: () => import('../views/ProjectLayout.vue'),
        children: projectChildren,
      },
      { path: 'settings', name: 'app-settings', component: () => import('../views/AppSettingsView.vue') },
    ],
  },
  { path: '/:pathMatch(.*)*', name: 'not-found', redirect: '/' },
];

export function createAppRouter(): Router {
  const router = createRouter({ history: createWebHashHistory(), routes });
  router.beforeEach(async (to) => {
    if (to.meta.public) return true;
    const session = useSessionStore();
    if (session.state === 'signed-in') return true;
    const state = await session.check();
    if (state === 'signed-in') return true;
    return { name: 'sign-in', query: to.fullPath !== '/' ? { next: to.fullPath } : {} };
  });
  return router;
}
