import { createHash, randomBytes } from 'node:crypto';
import type * as z from 'zod';
import { API_ROOT, type MemberRole, type User } from '@atrium/contracts';
import {
  BUSINESS_MESSAGES as M,
  INVITE_TTL_MS,
  type Business,
  type BusinessInvite,
  type BusinessSettings,
  type BusinessMember,
  type createBusinessSchema,
  type inviteMemberSchema,
  type updateBusinessSchema,
} from '@atrium/domain-admin/schemas';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { pgErrorCode, UNIQUE_VIOLATION, type Executor } from '../../db/client';
import type { businesses, businessInvites, businessMembers } from '../../db/schema';
import type { AuthContext } from '../../lib/caller';
import type { SessionsService } from '../sessions/sessions.service';
import type { UsersService } from '../users/users.service';
import type { BusinessesRepository } from './businesses.repository';

export interface NewBusiness {
  name: string;
  slug: string;
  type?: string | null;
  settings: Business['settings'];
  typography: Business['typography'];
  colors: Business['colors'];
}

export type CreateBusinessData = z.output<typeof createBusinessSchema>;
export type UpdateBusinessData = z.output<typeof updateBusinessSchema>;
export type InviteMemberData = z.output<typeof inviteMemberSchema>;

/** Who is calling (the parts these rules need). */
export type Caller = Pick<AuthContext, 'userId' | 'sessionId' | 'businessId' | 'user'>;

/** URL-safe, lower-case, at most 48 characters; 'business' when nothing usable is left. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '');
  return slug || 'business';
}

/**
 * A new business with the spec's defaults (section 3: defaultRole member, every feature on). Members inviting is
 * opt-in: only owners and admins invite until an owner turns allowMemberInvites on.
 */
export function newBusiness(name: string, type: string | null = null): NewBusiness {
  return {
    name,
    slug: slugify(name),
    type,
    settings: {
      allowMemberInvites: false,
      defaultRole: 'member',
      features: { tasks: true, calendar: true, files: true, chat: true },
      notifications: { integrations: true },
    },
    typography: { headingFont: 'Inter', bodyFont: 'Inter' },
    colors: { primary: '#12b886', secondary: '#228be6' },
  };
}

/** Where a business's logo is served (the `v` query changes with every upload, so caches never go stale). */
export const logoUrl = (businessId: string, version: string) =>
  `${API_ROOT}/businesses/${encodeURIComponent(businessId)}/logo?v=${encodeURIComponent(version)}`;

/** The browser page that accepts an invite (host route); the token travels in the query. */
export const INVITE_PATH = '/accept-invite';

export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');

type BusinessRow = typeof businesses.$inferSelect;
type MemberRow = { member: typeof businessMembers.$inferSelect; user: MemberUser };
type MemberUser = { id: string; email: string; firstName: string; lastName: string };
type InviteRow = { invite: typeof businessInvites.$inferSelect; inviter: MemberUser | null };

const notFound = () => new AppError('NOT_FOUND', 'Business not found');
const isManager = (role: MemberRole) => role === 'owner' || role === 'admin';

/** What a session switch (or a move caused by a deletion) hands to the route: the cookies to set and the user. */
export interface SessionMove {
  user: User;
  accessToken: string;
  rememberMe: boolean;
}

export class BusinessesService {
  constructor(
    private readonly repo: BusinessesRepository,
    private readonly users: UsersService,
    private readonly sessions: Pick<SessionsService, 'relocateOff' | 'findLive' | 'moveTo'>,
    private readonly deps: Pick<Deps, 'config' | 'mailer' | 'tokens'>,
  ) {}

  /** Steps other modules need before a business is deleted (the subscription ends at Stripe); any refusal stops it. */
  private readonly beforeRemoveHooks: Array<(businessId: string) => Promise<void>> = [];

  /** The composition root registers a module's step to run before a business is deleted. */
  beforeRemove(hook: (businessId: string) => Promise<void>): void {
    this.beforeRemoveHooks.push(hook);
  }

  async listForUser(userId: string): Promise<Business[]> {
    const rows = await this.repo.listForUser(userId);
    return this.withMembers(rows.map((r) => r.business));
  }

  /** The business, when the user is a member; else 404 (whether or not it exists). */
  async get(userId: string, businessId: string): Promise<Business> {
    await this.requireRole(businessId, userId);
    return this.dto(businessId);
  }

  /** The logo URL the images module stored a logo under (null: none); inside its transaction. */
  setLogo(businessId: string, url: string | null, tx?: Executor): Promise<void> {
    return this.repo.updateBusiness(businessId, { logo: url }, tx);
  }

  async create(userId: string, input: CreateBusinessData): Promise<Business> {
    return this.dto(await this.createOwned(userId, input.name, input.type ?? null));
  }

  /**
   * The one place a business is created (POST /businesses, sign-up, a first Google sign-in): the spec's defaults
   * (newBusiness), a free slug, the user as owner. `tx`: inside the caller's transaction (an account and its
   * first business are stored together). Answers the new business's id.
   */
  async createOwned(ownerId: string, name: string, type: string | null = null, tx?: Executor): Promise<string> {
    const business = newBusiness(name, type);
    try {
      return await this.repo.createBusiness(ownerId, business, tx);
    } catch (error) {
      // Two creations raced for the same slug: once more with a random suffix.
      if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
      const slug = `${business.slug.slice(0, 40)}-${randomBytes(3).toString('hex')}`;
      return this.repo.createBusiness(ownerId, { ...business, slug }, tx);
    }
  }

  /** Settings: owner or admin. Settings and notifications merge into what is stored; the slug stays. */
  async update(userId: string, businessId: string, input: UpdateBusinessData): Promise<Business> {
    await this.requireManager(businessId, userId);
    const current = (await this.repo.findBusiness(businessId))!;
    const { settings, ...rest } = input;
    await this.repo.updateBusiness(businessId, {
      ...(rest.name !== undefined ? { name: rest.name } : {}),
      ...(rest.type !== undefined ? { type: rest.type || null } : {}),
      ...(rest.colors ? { colors: rest.colors } : {}),
      ...(settings
        ? {
            settings: {
              ...current.settings,
              ...settings,
              notifications: { ...current.settings.notifications, ...settings.notifications },
            },
          }
        : {}),
    });
    return this.dto(businessId);
  }

  /**
   * Owner only; not the caller's last business (they could not sign in any more). Sessions on it move to
   * another business of their user or are revoked. Answers where the caller's own session is now.
   */
  async remove(caller: Caller, businessId: string): Promise<SessionMove | null> {
    const role = await this.requireRole(businessId, caller.userId);
    if (role !== 'owner') throw new AppError('FORBIDDEN', M.ownerOnly);
    if ((await this.repo.countForUser(caller.userId)) <= 1) throw new AppError('VALIDATION_ERROR', M.lastBusiness);
    for (const hook of this.beforeRemoveHooks) await hook(businessId);
    // Sessions whose current business it was move to another business of their user first, or are revoked (and
    // then go with the cascade) when the user has none left.
    await this.repo.transaction(async (tx) => {
      await this.sessions.relocateOff({ businessId, reason: 'business_deleted' }, tx);
      await this.repo.deleteBusiness(businessId, tx);
    });
    return this.sessionMoveIfNeeded(caller, businessId);
  }

  /**
   * Owners and admins invite with any role (owner: owners only). With settings.allowMemberInvites a member may
   * invite too, as a member. An invite naming no role gets settings.defaultRole.
   */
  async invite(caller: Caller, businessId: string, data: InviteMemberData): Promise<BusinessInvite> {
    const callerRole = await this.requireRole(businessId, caller.userId);
    const business = (await this.repo.findBusiness(businessId))!;
    const settings = business.settings as Partial<BusinessSettings> | null;
    const input = { ...data, role: data.role ?? settings?.defaultRole ?? 'member' };
    if (!isManager(callerRole) && (!settings?.allowMemberInvites || input.role !== 'member')) {
      throw new AppError('FORBIDDEN', M.managersOnly);
    }
    if (input.role === 'owner' && callerRole !== 'owner') throw new AppError('FORBIDDEN', M.ownerOnly);
    if (await this.repo.memberByEmail(businessId, input.email)) throw new AppError('CONFLICT', M.alreadyMember);
    const token = randomBytes(32).toString('base64url');
    let invite;
    try {
      invite = await this.repo.replaceInvite({
        businessId,
        email: input.email,
        role: input.role,
        tokenHash: hashInviteToken(token),
        invitedBy: caller.userId,
        expiresAt: new Date(Date.now() + INVITE_TTL_MS),
      });
    } catch (error) {
      // A concurrent invite of the same address won the pending-invite index.
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', M.inviteFailed);
      throw error;
    }
    try {
      await this.sendInviteMail(caller, business, input, token);
    } catch (error) {
      await this.repo.deleteInviteById(invite.id);
      throw Object.assign(new AppError('INTERNAL_ERROR', M.inviteFailed), { cause: error });
    }
    const { email, firstName, lastName } = caller.user;
    return toInviteDto({ invite, inviter: { id: caller.userId, email, firstName, lastName } });
  }

  async listInvites(userId: string, businessId: string): Promise<BusinessInvite[]> {
    await this.requireManager(businessId, userId);
    return (await this.repo.pendingInvites(businessId)).map(toInviteDto);
  }

  async revokeInvite(userId: string, businessId: string, inviteId: string): Promise<void> {
    await this.requireManager(businessId, userId);
    if (!(await this.repo.deletePendingInvite(businessId, inviteId))) {
      throw new AppError('NOT_FOUND', M.inviteNotFound);
    }
  }

  /**
   * The signed-in user joins the invite's business with its role. The invite's address must be theirs (any
   * case): else 403. Unknown, used or expired token: 400 'Failed to accept invite'.
   */
  async acceptInvite(caller: Caller, token: string): Promise<Business> {
    const invite = await this.repo.findInviteByTokenHash(hashInviteToken(token));
    if (!invite || invite.acceptedAt || invite.expiresAt.getTime() <= Date.now()) {
      throw new AppError('VALIDATION_ERROR', M.acceptInviteFailed);
    }
    if (invite.email.toLowerCase() !== caller.user.email.toLowerCase()) {
      throw new AppError('FORBIDDEN', M.inviteWrongUser);
    }
    const accepted = await this.repo.acceptInvite(invite.id, caller.userId);
    if (!accepted) throw new AppError('VALIDATION_ERROR', M.acceptInviteFailed);
    return this.dto(accepted.businessId);
  }

  /**
   * Owner/admin. Making someone an owner, or changing an owner's role, takes an owner. The last owner cannot
   * be demoted.
   */
  async updateMemberRole(
    caller: Caller,
    businessId: string,
    userId: string,
    role: MemberRole,
  ): Promise<BusinessMember> {
    const callerRole = await this.requireManager(businessId, caller.userId);
    await this.repo.withBusinessLock(businessId, async (tx) => {
      const target = await this.repo.findMember(businessId, userId, tx);
      if (!target) throw new AppError('NOT_FOUND', M.memberNotFound);
      if (target.member.role === role) return;
      if ((role === 'owner' || target.member.role === 'owner') && callerRole !== 'owner') {
        throw new AppError('FORBIDDEN', M.ownerOnly);
      }
      if (target.member.role === 'owner' && (await this.repo.countOwners(businessId, tx)) <= 1) {
        throw new AppError('VALIDATION_ERROR', M.lastOwner);
      }
      await this.repo.setRole(businessId, userId, role, tx);
    });
    const updated = await this.repo.findMember(businessId, userId);
    return toMemberDto(updated!);
  }

  /**
   * Owner/admin remove members (an owner only by an owner); anyone may remove themselves (leave). The last
   * owner stays; nobody leaves their only business. The removed user's sessions on the business move to
   * another of their businesses (or are revoked). Answers the caller's session move when they left the
   * business they were in.
   */
  async removeMember(caller: Caller, businessId: string, userId: string): Promise<SessionMove | null> {
    const callerRole = await this.requireRole(businessId, caller.userId);
    const self = userId === caller.userId;
    if (!self && !isManager(callerRole)) throw new AppError('FORBIDDEN', M.managersOnly);
    if (self && (await this.repo.countForUser(caller.userId)) <= 1) {
      throw new AppError('VALIDATION_ERROR', M.lastBusinessLeave);
    }
    await this.repo.withBusinessLock(businessId, async (tx) => {
      const target = await this.repo.findMember(businessId, userId, tx);
      if (!target) throw new AppError('NOT_FOUND', M.memberNotFound);
      if (target.member.role === 'owner') {
        if (!self && callerRole !== 'owner') throw new AppError('FORBIDDEN', M.ownerOnly);
        if ((await this.repo.countOwners(businessId, tx)) <= 1) throw new AppError('VALIDATION_ERROR', M.lastOwner);
      }
      await this.repo.removeMember(businessId, userId, tx);
      await this.sessions.relocateOff({ businessId, userId, reason: 'membership_removed' }, tx);
    });
    return self ? this.sessionMoveIfNeeded(caller, businessId) : null;
  }

  /** Makes the business the session's current one (membership checked: 404 otherwise). */
  async switchTo(caller: Caller, businessId: string): Promise<SessionMove> {
    await this.requireRole(businessId, caller.userId);
    const session = await this.sessions.findLive(caller.sessionId, caller.userId);
    if (!session || !(await this.sessions.moveTo(session.id, businessId))) {
      throw new AppError('UNAUTHORIZED', 'Not signed in');
    }
    return this.issue(caller, businessId, session.rememberMe);
  }

  /**
   * The business's plan as Stripe Billing's verified webhook left it (modules/subscriptions), inside that event's
   * transaction. The only writer of subscription_tier.
   */
  async setSubscriptionTier(businessId: string, tier: string, tx: Executor): Promise<void> {
    await this.repo.updateBusiness(businessId, { subscriptionTier: tier }, tx);
  }

  /** 404 unless the user is a member; their role otherwise. */
  async requireRole(businessId: string, userId: string): Promise<MemberRole> {
    const role = await this.repo.roleOf(businessId, userId);
    if (!role) throw notFound();
    return role;
  }

  /** 404 for non-members, 403 for members who are not owner or admin. */
  async requireManager(businessId: string, userId: string): Promise<MemberRole> {
    const role = await this.requireRole(businessId, userId);
    if (!isManager(role)) throw new AppError('FORBIDDEN', M.managersOnly);
    return role;
  }

  async dto(businessId: string): Promise<Business> {
    const row = await this.repo.findBusiness(businessId);
    if (!row) throw notFound();
    const [business] = await this.withMembers([row]);
    return business!;
  }

  private async withMembers(rows: BusinessRow[]): Promise<Business[]> {
    const members = await this.repo.membersOf(rows.map((r) => r.id));
    const byBusiness = new Map<string, BusinessMember[]>();
    for (const row of members) {
      const list = byBusiness.get(row.member.businessId) ?? [];
      list.push(toMemberDto(row));
      byBusiness.set(row.member.businessId, list);
    }
    return rows.map((b) => toBusinessDto(b, byBusiness.get(b.id) ?? []));
  }

  /** After the caller's session was moved off `businessId` (deleted or left): new token for where it is now. */
  private async sessionMoveIfNeeded(caller: Caller, businessId: string): Promise<SessionMove | null> {
    if (caller.businessId !== businessId) return null;
    const session = await this.sessions.findLive(caller.sessionId, caller.userId);
    if (!session || session.businessId === businessId) return null;
    return this.issue(caller, session.businessId, session.rememberMe);
  }

  private async issue(caller: Caller, businessId: string, rememberMe: boolean): Promise<SessionMove> {
    const accessToken = await this.deps.tokens.signAccess({
      sub: caller.userId,
      sid: caller.sessionId,
      bid: businessId,
    });
    const user = await this.users.me(caller.userId, businessId);
    return { user, accessToken, rememberMe };
  }

  private async sendInviteMail(caller: Caller, business: BusinessRow, input: InviteMemberData, token: string) {
    const { config, mailer } = this.deps;
    const link = `${config.appUrl}${INVITE_PATH}?token=${encodeURIComponent(token)}`;
    const inviter = `${caller.user.firstName} ${caller.user.lastName}`.trim() || caller.user.email;
    const days = Math.round(INVITE_TTL_MS / 86_400_000);
    const roleText = input.role === 'admin' ? 'an admin' : input.role === 'owner' ? 'an owner' : 'a member';
    await mailer.send({
      to: input.email,
      subject: `${inviter} invited you to join ${business.name} on Atrium`,
      text: [
        `Hello,`,
        ``,
        `${inviter} (${caller.user.email}) invited you to join ${business.name} on Atrium as ${roleText}.`,
        ``,
        `Accept the invite: ${link}`,
        ``,
        `Sign in (or sign up) with this address, ${input.email}, to accept. The link expires in ${days} days.`,
        `If you did not expect this invite, you can ignore this message.`,
      ].join('\n'),
      html: [
        `<p>Hello,</p>`,
        `<p>${escapeHtml(inviter)} (${escapeHtml(caller.user.email)}) invited you to join <strong>${escapeHtml(
          business.name,
        )}</strong> on Atrium as ${roleText}.</p>`,
        `<p><a href="${escapeHtml(link)}">Accept the invite</a></p>`,
        `<p>Sign in (or sign up) with this address, ${escapeHtml(input.email)}, to accept. The link expires in ${days} days.</p>`,
        `<p>If you did not expect this invite, you can ignore this message.</p>`,
      ].join('\n'),
    });
  }
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function toMemberDto({ member, user }: MemberRow): BusinessMember {
  return {
    id: member.id,
    businessId: member.businessId,
    userId: member.userId,
    role: member.role,
    user: { _id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName },
    createdAt: member.createdAt.toISOString(),
    updatedAt: member.updatedAt.toISOString(),
  };
}

export function toInviteDto({ invite, inviter }: InviteRow): BusinessInvite {
  return {
    id: invite.id,
    businessId: invite.businessId,
    email: invite.email,
    role: invite.role,
    invitedBy: inviter
      ? { _id: inviter.id, email: inviter.email, firstName: inviter.firstName, lastName: inviter.lastName }
      : null,
    createdAt: invite.createdAt.toISOString(),
    expiresAt: invite.expiresAt.toISOString(),
    expired: invite.expiresAt.getTime() <= Date.now(),
  };
}

export function toBusinessDto(b: BusinessRow, members: BusinessMember[]): Business {
  return {
    _id: b.id,
    id: b.id,
    name: b.name,
    logo: b.logo,
    hasLogo: b.logo !== null,
    typography: b.typography,
    settings: b.settings,
    type: b.type,
    slug: b.slug,
    subscriptionTier: b.subscriptionTier,
    status: b.status,
    colors: b.colors,
    members,
  };
}
