import type { App } from '../app';
import { reportsRoutes } from './reports.routes';
import { neuralsRoutes } from './neurals.routes';
import { accountRoutes } from './account.routes';
import { projectsRoutes } from './projects.routes';
import { settingsRoutes } from './settings.routes';
import { promptsRoutes } from './prompts.routes';
import { groupsRoutes } from './groups.routes';
import { filtersRoutes } from './filters.routes';
import { draftsRoutes } from './drafts.routes';
import { appSettingsRoutes } from './app-settings.routes';
import { parseRoutes } from './parse.routes';
import { collectSampleRoutes } from './collect-sample.routes';
import { summaryRoutes } from './summary.routes';
import { competitorsRoutes } from './competitors.routes';
import { answersRoutes } from './answers.routes';
import { sourcesRoutes } from './sources.routes';
import { faviconsRoutes } from './favicons.routes';
import { usersRoutes } from './users.routes';
import { costsRoutes } from './costs.routes';

/** Every resource's router, mounted once. Add a line per resource file. */
export function mountRoutes(app: App): void {
  app.route('/', neuralsRoutes);
  app.route('/', accountRoutes);
  app.route('/', projectsRoutes);
  app.route('/', settingsRoutes);
  app.route('/', promptsRoutes);
  app.route('/', groupsRoutes);
  app.route('/', filtersRoutes);
  app.route('/', draftsRoutes);
  app.route('/', appSettingsRoutes);
  app.route('/', reportsRoutes);
  app.route('/', parseRoutes);
  app.route('/', collectSampleRoutes);
  app.route('/', summaryRoutes);
  app.route('/', competitorsRoutes);
  app.route('/', answersRoutes);
  app.route('/', sourcesRoutes);
  app.route('/', faviconsRoutes);
  app.route('/', usersRoutes);
  app.route('/', costsRoutes);
}
