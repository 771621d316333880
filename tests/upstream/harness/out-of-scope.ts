/**
 * The tests of auth-js's own suite that do not run against the local auth service, each with
 * the reason: the features the service does not offer, and client-only tests of behaviour
 * the installed auth-js changed after the pinned test files. scope.ts skips exactly these, by
 * file and full name, and fails a file whose listed test no longer exists. Every other test
 * of the vendored files runs and must pass.
 */

export const REASONS = {
  admin:
    'The admin API (a service-role key: creating, listing, updating, deleting and inviting users, generateLink, OAuth clients, factors of other users). The service has no service-role key; the site manages accounts in its own server code.',
  mfa: 'Multi-factor authentication (TOTP, WebAuthn and phone factors). Enrolling a factor answers "MFA enroll is disabled", as Supabase Auth does with MFA off.',
  phone:
    'Phone numbers (SMS one-time codes, phone changes). Accounts are email accounts: phone sign-ins answer "Phone logins are disabled".',
  anonymous:
    'Anonymous sign-ins. The site needs an account: they answer "Anonymous sign-ins are disabled", as Supabase Auth does with them off.',
  passwordless:
    'Passwordless email sign-in (magic links, email one-time codes) and resending emails. People sign in with a password or Google; a lost confirmation email is replaced by "Forgot password?".',
  reauthentication:
    'Reauthentication nonces (Supabase Auth\'s "secure password change"). A signed-in user changes the password directly; the first of these tests also needs an anonymous session.',
  clientChanged:
    'A client-only test (mocked fetch, no server) of auth-js behaviour that changed after the pinned tests: the installed auth-js 2.119.1 keeps the session when a global sign-out cannot reach the server.',
} as const;

export type Reason = keyof typeof REASONS;

/** [file below tests/upstream/auth-js/test, full test name (describe > … > test), reason] */
export const OUT_OF_SCOPE: ReadonlyArray<readonly [file: string, test: string, reason: Reason]> = [
  ['GoTrueApi.test.ts', 'GoTrueAdminApi > User creation > createUser() should create a new user', 'admin'],
  ['GoTrueApi.test.ts', 'GoTrueAdminApi > User creation > createUser() with user metadata', 'admin'],
  ['GoTrueApi.test.ts', 'GoTrueAdminApi > User creation > createUser() with app metadata', 'admin'],
  ['GoTrueApi.test.ts', 'GoTrueAdminApi > User creation > createUser() with user and app metadata', 'admin'],
  [
    'GoTrueApi.test.ts',
    'GoTrueAdminApi > User creation > createUser() returns AuthError when email is invalid',
    'admin',
  ],
  ['GoTrueApi.test.ts', 'GoTrueAdminApi > List users > listUsers() should return registered users', 'admin'],
  [
    'GoTrueApi.test.ts',
    'GoTrueAdminApi > Get user > getUserById() should a registered user given its user identifier',
    'admin',
  ],
  ['GoTrueApi.test.ts', 'GoTrueAdminApi > User updates > modify email using updateUserById()', 'admin'],
  ['GoTrueApi.test.ts', 'GoTrueAdminApi > User updates > modify user metadata using updateUserById()', 'admin'],
  ['GoTrueApi.test.ts', 'GoTrueAdminApi > User updates > modify app metadata using updateUserById()', 'admin'],
  ['GoTrueApi.test.ts', 'GoTrueAdminApi > User updates > modify confirm email using updateUserById()', 'admin'],
  ['GoTrueApi.test.ts', 'GoTrueAdminApi > User deletes > deleteUser() should be able delete an existing user', 'admin'],
  [
    'GoTrueApi.test.ts',
    'GoTrueAdminApi > User registration > generateLink supports signUp with generate confirmation signup link',
    'admin',
  ],
  [
    'GoTrueApi.test.ts',
    'GoTrueAdminApi > User registration > generateLink supports updating emails with generate email change links',
    'admin',
  ],
  [
    'GoTrueApi.test.ts',
    'GoTrueAdminApi > User registration > inviteUserByEmail() creates a new user with an invited_at timestamp',
    'admin',
  ],
  [
    'GoTrueApi.test.ts',
    'GoTrueAdminApi > User registration > inviteUserByEmail() returns AuthError when email is invalid',
    'admin',
  ],
  [
    'GoTrueApi.test.ts',
    'GoTrueAdminApi > User registration > generateLink() returns AuthError when email is invalid',
    'admin',
  ],
  ['GoTrueApi.test.ts', 'GoTrueAdminApi > MFA Admin > mfa factor management: add, list and delete', 'admin'],
  [
    'GoTrueApi.test.ts',
    'GoTrueAdminApi > OAuth Admin > Core Lifecycle > oauth client lifecycle: create, get, update, delete',
    'admin',
  ],
  [
    'GoTrueApi.test.ts',
    'GoTrueAdminApi > OAuth Admin > Listing & Secret Regeneration > listClients() returns registered OAuth clients with pagination',
    'admin',
  ],
  [
    'GoTrueApi.test.ts',
    'GoTrueAdminApi > OAuth Admin > Listing & Secret Regeneration > regenerateClientSecret() generates new secret',
    'admin',
  ],
  [
    'GoTrueApi.test.ts',
    'GoTrueAdminApi > OAuth Admin > Error Handling > createClient() returns AuthError with invalid redirect_uris',
    'admin',
  ],
  ['GoTrueApi.test.ts', 'GoTrueAdminApi > OAuth Admin > Edge Cases > updateClient() accepts partial updates', 'admin'],
  [
    'GoTrueApi.test.ts',
    'GoTrueAdminApi > OAuth Admin > Edge Cases > createClient() works with minimal required fields',
    'admin',
  ],
  [
    'GoTrueApi.test.ts',
    'GoTrueAdminApi > OAuth Admin > Edge Cases > createClient() accepts multiple redirect_uris',
    'admin',
  ],
  ['GoTrueClient.test.ts', 'MFA > enroll({factorType: "totp"}) returns totp', 'mfa'],
  ['GoTrueClient.test.ts', 'MFA > challenge should create MFA challenge', 'mfa'],
  ['GoTrueClient.test.ts', 'MFA > verify should verify MFA challenge', 'mfa'],
  ['GoTrueClient.test.ts', 'MFA > challengeAndVerify should handle MFA challenge and verification in one call', 'mfa'],
  ['GoTrueClient.test.ts', 'MFA > unenroll should remove MFA factor', 'mfa'],
  ['GoTrueClient.test.ts', 'MFA > getAuthenticatorAssuranceLevel should return current AAL', 'mfa'],
  [
    'GoTrueClient.test.ts',
    'MFA > getAuthenticatorAssuranceLevel with JWT parameter > JWT with aal1 and no verified factors returns aal1/aal1',
    'mfa',
  ],
  [
    'GoTrueClient.test.ts',
    'MFA > getAuthenticatorAssuranceLevel with JWT parameter > JWT with aal1 and verified factors returns aal1/aal2',
    'mfa',
  ],
  [
    'GoTrueClient.test.ts',
    'MFA > getAuthenticatorAssuranceLevel with JWT parameter > JWT where getUser fails returns error',
    'mfa',
  ],
  ['GoTrueClient.test.ts', 'WebAuthn MFA > enroll WebAuthn should allow empty friendlyName', 'mfa'],
  ['GoTrueClient.test.ts', 'WebAuthn MFA > enroll WebAuthn should create unverified factor', 'mfa'],
  ['GoTrueClient.test.ts', 'WebAuthn MFA > unenroll WebAuthn should remove factor', 'mfa'],
  ['GoTrueClient.test.ts', 'WebAuthn MFA > should enroll WebAuthn factor', 'mfa'],
  [
    'GoTrueApi.test.ts',
    'GoTrueAdminApi > Email/Phone Otp Verification > GoTrueClient verifyOtp() > verifyOtp() with non-existent phone number',
    'phone',
  ],
  [
    'GoTrueApi.test.ts',
    'GoTrueAdminApi > Email/Phone Otp Verification > GoTrueClient verifyOtp() > verifyOTP() with invalid phone number',
    'phone',
  ],
  ['GoTrueClient.test.ts', 'GoTrueClient > signInWithOtp > verifyOTP fails with empty options', 'phone'],
  ['GoTrueClient.test.ts', 'signInAnonymously > should successfully sign in anonymously', 'anonymous'],
  ['GoTrueClient.test.ts', 'signInAnonymously > should sign in anonymously with user data', 'anonymous'],
  ['GoTrueClient.test.ts', 'GoTrueClient > Email Auth > resend with email with options', 'passwordless'],
  ['GoTrueClient.test.ts', 'GoTrueClient > Email Auth > resend with email with empty options', 'passwordless'],
  ['GoTrueClient.test.ts', 'GoTrueClient > signInWithOtp > signInWithOtp() for email', 'passwordless'],
  ['GoTrueClient.test.ts', 'GoTrueClient > signInWithOtp > signInWithOtp for email with empty opti…', 'passwordless'],
  ['GoTrueClient.test.ts', 'Reauthentication > reauthenticate() fails without session', 'reauthentication'],
  ['GoTrueClient.test.ts', 'Reauthentication > reauthenticate() returns null user and session', 'reauthentication'],
  [
    'GoTrueClient.signOut.test.ts',
    'GoTrueClient signOut offline cleanup > removes the local session when global signOut cannot reach the auth server',
    'clientChanged',
  ],
];
