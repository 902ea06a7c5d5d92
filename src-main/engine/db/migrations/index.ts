import type { Kysely } from 'kysely';
import * as m0001 from './0001-core';
import * as m0002 from './0002-answers';
import * as m0003 from './0003-analytics';
import * as m0004 from './0004-reports';
import * as m0005 from './0005-analytics-cells';
import * as m0006 from './0006-analytics-site-cells';
import * as m0007 from './0007-report-pdf-job';
import * as m0008 from './0008-evidence-exclusions';
import * as m0009 from './0009-users-rights';
import * as m0010 from './0010-job-leases';
import * as m0011 from './0011-trust';
import * as m0012 from './0012-run-alerts';
import * as m0013 from './0013-stored-files';
import * as m0014 from './0014-canonical-cells';
import * as m0015 from './0015-competitor-totals';

export interface Migration {
  name: string;
  up(db: Kysely<any>): Promise<void>;
}

/**
 * The static, ordered list of migrations (forward-only). A bundled main process cannot read a
 * folder at run time, so every migration is imported here. Append; never reorder or edit.
 */
export const migrations: Migration[] = [
  { name: '0001-core', up: m0001.up },
  { name: '0002-answers', up: m0002.up },
  { name: '0003-analytics', up: m0003.up },
  { name: '0004-reports', up: m0004.up },
  { name: '0005-analytics-cells', up: m0005.up },
  { name: '0006-analytics-site-cells', up: m0006.up },
  { name: '0007-report-pdf-job', up: m0007.up },
  { name: '0008-evidence-exclusions', up: m0008.up },
  { name: '0009-users-rights', up: m0009.up },
  { name: '0010-job-leases', up: m0010.up },
  { name: '0011-trust', up: m0011.up },
  { name: '0012-run-alerts', up: m0012.up },
  { name: '0013-stored-files', up: m0013.up },
  { name: '0014-canonical-cells', up: m0014.up },
  { name: '0015-competitor-totals', up: m0015.up },
];
