import { describe, expect, it } from 'vitest';
import { changePasswordResolver } from './profile-checks';

describe('changePasswordResolver', () => {
  it('a form’s resolver gives sentences: the browser’s own check too (passwords_differ)', async () => {
    const values = { oldpassword: 'current password', newpassword: 'a new password', confirm: 'another password' };
    const result = await changePasswordResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toMatchObject({ confirm: { message: 'The two new passwords are not the same.' } });
  });
});
