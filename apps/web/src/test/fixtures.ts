import type { PortalConfig } from '@campus/contract/config';
import type { CurrentUser, User } from '@campus/contract/users';

export function aUser(patch: Partial<User> = {}): User {
  return {
    _id: '5f0c7d1e-0000-4000-8000-000000000001',
    registrationId: 211070001,
    email: 'ada@example.com',
    fullname: 'Ada Lovelace',
    semester: 3,
    branch: 'Computer Engineering',
    userrole: 2,
    avatar: '/files/ada-avatar',
    isExamOffice: false,
    isAdmin: false,
    active: true,
    managed: false,
    pendingEmail: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}

export const aStudent = (patch: Partial<User> = {}) => aUser({ userrole: 2, ...patch });
export const aProfessor = (patch: Partial<User> = {}) =>
  aUser({ _id: '5f0c7d1e-0000-4000-8000-000000000002', registrationId: 211070100, fullname: 'Grace Hopper', email: 'grace@example.com', userrole: 1, ...patch });
export const theExamOffice = (patch: Partial<User> = {}) =>
  aUser({ _id: '5f0c7d1e-0000-4000-8000-000000000007', registrationId: 211070007, fullname: 'Exam Office', email: 'examoffice@campus.local', userrole: 1, avatar: '', isExamOffice: true, ...patch });

export function aConfig(patch: Partial<PortalConfig> = {}): PortalConfig {
  return {
    examOfficeRegistrationId: 211070007,
    professorSignupNeedsCode: false,
    draftingEnabled: false,
    mailEnabled: false,
    signupOpen: true,
    passwordLogin: 'on',
    campusTimeZone: 'Asia/Kolkata',
    campusName: 'Campus Portal',
    examCentre: null,
    supportContact: null,
    branches: [],
    semesters: [1, 2, 3, 4, 5, 6, 7, 8],
    ...patch,
  };
}

/** A tiny file typed as png (the browser check reads the type; the server would read the bytes). */
export const aPng = (name = 'me.png', bytes = 4) => new File([new Uint8Array(bytes).fill(0x89)], name, { type: 'image/png' });

type Provider = NonNullable<CurrentUser['signedInWith']>;
/** Campus sign-in providers as GET auth/providers describes them: an OpenID Connect one and a SAML one. */
export const campusAccount: Provider = { id: 'campus', label: 'Campus account', type: 'oidc' };
export const staffDirectory: Provider = { id: 'staff', label: 'Staff directory', type: 'saml' };
