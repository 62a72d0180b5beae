import type { Deps } from '../../lib/deps';
import type { Business, BusinessMember } from '@atrium/contracts';
import type { businesses } from '../../db/schema';
import type { BusinessesRepository } from './businesses.repository';

export interface NewBusiness {
  name: string;
  slug: string;
  settings: Business['settings'];
  typography: Business['typography'];
  colors: Business['colors'];
}

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

/** A new business with the spec's defaults (section 3: defaultRole member, every feature on). */
export function newBusiness(name: string): NewBusiness {
  return {
    name,
    slug: slugify(name),
    settings: {
      allowMemberInvites: true,
      defaultRole: 'member',
      features: { tasks: true, calendar: true, files: true, chat: true },
      notifications: { integrations: true },
    },
    typography: { headingFont: 'Inter', bodyFont: 'Inter' },
    colors: { primary: '#12b886', secondary: '#228be6' },
  };
}

type BusinessRow = typeof businesses.$inferSelect;

export class BusinessesService {
  constructor(
    private readonly repo: BusinessesRepository,
    private readonly deps?: Deps,
  ) {}

  async listForUser(userId: string): Promise<Business[]> {
    const rows = await this.repo.listForUser(userId);
    const members = await this.repo.membersOf(rows.map((r) => r.business.id));
    const byBusiness = new Map<string, BusinessMember[]>();
    for (const { member, user } of members) {
      const list = byBusiness.get(member.businessId) ?? [];
      list.push({
        id: member.id,
        businessId: member.businessId,
        userId: member.userId,
        role: member.role,
        user: { _id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName },
        createdAt: member.createdAt.toISOString(),
        updatedAt: member.updatedAt.toISOString(),
      });
      byBusiness.set(member.businessId, list);
    }
    return rows.map(({ business }) => toBusinessDto(business, byBusiness.get(business.id) ?? []));
  }
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
