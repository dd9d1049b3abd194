import { describe, expect, it } from 'vitest';
import { adminsMessages } from './admins-messages';
import { apiAccessMessages } from './api-access-messages';
import { translate } from './messages';
import { plansMessages } from './plans-messages';
import { profileMessages } from './profile-messages';
import { sitesMessages } from './sites-messages';
import { userImportMessages } from './user-import-messages';
import { usersMessages } from './users-messages';
import { zipUploadMessages } from './zip-upload-messages';

describe('message catalogue', () => {
  const domains = {
    users: usersMessages,
    plans: plansMessages,
    admins: adminsMessages,
    profile: profileMessages,
    userImport: userImportMessages,
    apiAccess: apiAccessMessages,
    sites: sitesMessages,
    zipUpload: zipUploadMessages,
  };

  it.each(Object.entries(domains))('keeps the %s keys under their own prefix', (prefix, messages) => {
    for (const key of Object.keys(messages)) expect(key.startsWith(`${prefix}.`), key).toBe(true);
  });

  it('translates with parameters and falls back to the key for non-keys', () => {
    expect(translate('common.tooLong', 'en', { max: 50 })).toBe('Please enter at most 50 characters.');
    expect(translate('Plain text', 'ja')).toBe('Plain text');
  });
});
