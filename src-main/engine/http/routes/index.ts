import type { App } from '../app';
import { neuralsRoutes } from './neurals.routes';
import { accountRoutes } from './account.routes';
import { projectsRoutes } from './projects.routes';

/** Every resource's router, mounted once. Add a line per resource file. */
export function mountRoutes(app: App): void {
  app.route('/', neuralsRoutes);
  app.route('/', accountRoutes);
  app.route('/', projectsRoutes);
}
