import type { User } from './user';

/**
 * A complete signed-in user for tests (imported as '@atrium/contracts/src/testing'; not part of the package's
 * index, so no app bundle carries it).
 */
export const sampleUser: User = {
  _id: 'u1',
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'owner',
  businessId: 'b1',
  businessName: 'Analytical Engines',
  businessType: null,
  accountType: 'business',
  profilePicture: null,
  picture: null,
  phoneNumber: null,
  city: null,
  state: null,
  country: null,
  industry: null,
  createdAt: '2024-01-01T00:00:00.000Z',
};
