import type { EngineContext } from '../context';
import type { ProjectRow, UserRow } from '../db/schema';
import { forbidden, notFound } from '../errors';

export type Access = 'read' | 'modify';
export type Role = 'owner' | 'editor' | 'viewer';

/**
 * Loads a project the user may see (own or shared), or 404 — a project one may not see does
 * not exist for them. `modify` additionally needs owner or editor (viewer: 403).
 */
export async function loadProject(
  ctx: EngineContext,
  user: UserRow,
  projectId: number,
  access: Access = 'read',
): Promise<ProjectRow & { role: Role }> {
  if (!Number.isSafeInteger(projectId) || projectId <= 0) throw notFound('Project not found.');
  const project = await ctx.db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!project) throw notFound('Project not found.');
  let role: Role;
  if (project.user_id === user.id) role = 'owner';
  else {
    const share = await ctx.db
      .selectFrom('project_shares')
      .select('role')
      .where('project_id', '=', projectId)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!share) throw notFound('Project not found.');
    role = share.role;
  }
  if (access === 'modify' && role === 'viewer')
    throw forbidden('You may view this project but not change it.');
  return { ...project, role };
}

export async function shareProject(
  ctx: EngineContext,
  projectId: number,
  userId: number,
  role: 'viewer' | 'editor',
) {
  await ctx.db
    .insertInto('project_shares')
    .values({ project_id: projectId, user_id: userId, role })
    .onConflict((oc) => oc.columns(['project_id', 'user_id']).doUpdateSet({ role }))
    .execute();
}
