import { describe, expect, it } from 'vitest';
import {
  bioSchema,
  createProfileSchema,
  emailSchema,
  fieldErrors,
  fullNameSchema,
  MESSAGES,
  passwordLabel,
  passwordScore,
  profileUpdateSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  updatePasswordSchema,
  usernameError,
} from './validation.ts';
import { isReservedUsername, RESERVED_USERNAMES, SPEC_RESERVED_USERNAMES } from './reserved-usernames.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('username', () => {
  it('is required', () => {
    expect(usernameError('')).toBe('Username is required');
    expect(usernameError('   ')).toBe('Username is required');
  });
  it('is 3 to 20 characters', () => {
    expect(usernameError('ab')).toBe('Username must be at least 3 characters long');
    expect(usernameError('abc')).toBeNull();
    expect(usernameError('a'.repeat(20))).toBeNull();
    expect(usernameError('a'.repeat(21))).toBe('Username must be no more than 20 characters long');
  });
  it('allows only letters, digits, underscore and hyphen', () => {
    expect(usernameError('good_name-1')).toBeNull();
    for (const bad of ['bad name', 'bad.name', 'bad@name', 'naïve', 'semi;colon']) {
      expect(usernameError(bad)).toBe('Username can only contain letters, numbers, underscores, and hyphens');
    }
  });
  it('rejects every reserved name of the spec, case-insensitively', () => {
    for (const name of SPEC_RESERVED_USERNAMES) {
      expect(usernameError(name)).toBe('This username is reserved and cannot be used');
      expect(usernameError(name.toUpperCase())).toBe('This username is reserved and cannot be used');
    }
    expect(isReservedUsername('Admin')).toBe(true);
    expect(isReservedUsername('adminton')).toBe(false);
  });
  it('reserves a fuller list of similar system words, all valid usernames otherwise', () => {
    expect(RESERVED_USERNAMES.length).toBeGreaterThan(SPEC_RESERVED_USERNAMES.length + 50);
    for (const word of ['superuser', 'webmaster', 'noreply', 'logout', 'games', 'settings'])
      expect(isReservedUsername(word)).toBe(true);
    expect(new Set(RESERVED_USERNAMES.map((n) => n.toLowerCase())).size).toBe(RESERVED_USERNAMES.length);
  });
});

describe('password score and label', () => {
  it('gives one point per rule', () => {
    expect(passwordScore('')).toBe(0);
    expect(passwordScore('abc')).toBe(1);
    expect(passwordScore('abcdefgh')).toBe(2);
    expect(passwordScore('Abcdefgh')).toBe(3);
    expect(passwordScore('Abcdefg1')).toBe(4);
    expect(passwordScore('Abcdef1!')).toBe(5);
    expect(passwordScore('A1!')).toBe(3);
  });
  it('labels Weak below 2, Fair at 2, Good at 3, Strong at 4 or more', () => {
    expect([0, 1, 2, 3, 4, 5].map(passwordLabel)).toEqual(['Weak', 'Weak', 'Fair', 'Good', 'Strong', 'Strong']);
  });
});

describe('sign-up form', () => {
  const valid = {
    email: 'player@example.com',
    password: 'Secret123!',
    confirmPassword: 'Secret123!',
    username: 'player_one',
    fullName: 'Player One',
    bio: '',
  };
  it('accepts a complete form', () => {
    expect(signUpSchema.safeParse(valid).success).toBe(true);
  });
  it('needs a password of at least 8 characters with a score of 2', () => {
    expect(firstMessage(signUpSchema.safeParse({ ...valid, password: 'Ab1!', confirmPassword: 'Ab1!' }))).toBe(
      'Password must be at least 8 characters long',
    );
    expect(signUpSchema.safeParse({ ...valid, password: 'abcdefgh', confirmPassword: 'abcdefgh' }).success).toBe(true);
  });
  it('needs the confirmation to match', () => {
    const result = signUpSchema.safeParse({ ...valid, confirmPassword: 'Secret123?' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ confirmPassword: 'Passwords do not match' });
  });
  it('needs a valid email, username and full name', () => {
    const result = signUpSchema.safeParse({ ...valid, email: 'nope', username: 'ad', fullName: '' });
    expect(fieldErrors(result.error!)).toEqual({
      email: 'Please enter a valid email address',
      username: 'Username must be at least 3 characters long',
      fullName: 'Full name is required',
    });
  });
  it('the weak-password message exists for scores under 2', () => {
    expect(MESSAGES.passwordTooWeak).toBe('Password is too weak. Please choose a stronger password.');
  });
});

describe('other fields', () => {
  it('full name: required, at most 100', () => {
    expect(firstMessage(fullNameSchema.safeParse(''))).toBe('Full name is required');
    expect(fullNameSchema.safeParse('x'.repeat(100)).success).toBe(true);
    expect(firstMessage(fullNameSchema.safeParse('x'.repeat(101)))).toBe(
      'Full name must be no more than 100 characters long',
    );
  });
  it('bio: at most 500', () => {
    expect(bioSchema.safeParse('x'.repeat(500)).success).toBe(true);
    expect(firstMessage(bioSchema.safeParse('x'.repeat(501)))).toBe('Bio must be no more than 500 characters long');
  });
  it('email: required and well formed', () => {
    expect(firstMessage(emailSchema.safeParse(''))).toBe('Please enter your email address');
    expect(firstMessage(emailSchema.safeParse('a@b'))).toBe('Please enter a valid email address');
    expect(firstMessage(emailSchema.safeParse('a b@c.de'))).toBe('Please enter a valid email address');
    expect(emailSchema.safeParse('a@b.de').success).toBe(true);
  });
  it('profile update keeps the same rules, takes only the fields named, and never the avatar', () => {
    expect(profileUpdateSchema.safeParse({ full_name: 'A', bio: 'x'.repeat(501) }).success).toBe(false);
    expect(profileUpdateSchema.parse({ full_name: ' A ' })).toEqual({ full_name: 'A' });
    expect(profileUpdateSchema.parse({ bio: ' Hi ' })).toEqual({ bio: 'Hi' });
    expect(profileUpdateSchema.parse({})).toEqual({});
    expect(firstMessage(profileUpdateSchema.safeParse({ full_name: '' }))).toBe(MESSAGES.fullNameRequired);
    expect(
      firstMessage(profileUpdateSchema.safeParse({ full_name: 'A', avatar_url: 'https://example.com/a.png' })),
    ).toBe(MESSAGES.avatarByUpload);
    expect(firstMessage(profileUpdateSchema.safeParse({ full_name: 'A', avatar_url: null }))).toBe(
      MESSAGES.avatarByUpload,
    );
    expect(firstMessage(profileUpdateSchema.safeParse({ full_name: 'A', email: 'x@y.z' }))).toBe(
      MESSAGES.profileFieldsOnly,
    );
  });
  it('names and bios carry no control characters (a NUL byte cannot even be stored); bios keep their lines', () => {
    expect(firstMessage(fullNameSchema.safeParse('Ada\u0000'))).toBe(MESSAGES.invalidCharacters);
    expect(firstMessage(fullNameSchema.safeParse('Ada\nLovelace'))).toBe(MESSAGES.invalidCharacters);
    expect(firstMessage(bioSchema.safeParse('Plays\u0000games'))).toBe(MESSAGES.invalidCharacters);
    expect(firstMessage(bioSchema.safeParse('bell\u0007'))).toBe(MESSAGES.invalidCharacters);
    expect(bioSchema.safeParse('First line\r\nSecond\tline').success).toBe(true);
    expect(firstMessage(emailSchema.safeParse('a\u0000b@c.de'))).toBe('Please enter a valid email address');
  });
  it('every text field of the account API has an upper bound', () => {
    const long = 'x'.repeat(70_000);
    expect(firstMessage(emailSchema.safeParse(`${long}@example.com`))).toBe('Please enter a valid email address');
    expect(profileUpdateSchema.safeParse({ full_name: 'A', bio: long }).success).toBe(false);
    const base = {
      user: { id: '7f1c2d9e-9d53-4b8e-9f4b-2f3a5c6d7e8f', email: 'a@b.cd' },
      profile: { username: 'player', full_name: 'P', email: 'a@b.cd' },
    };
    expect(createProfileSchema.safeParse({ ...base, user: { ...base.user, email: long } }).success).toBe(false);
    expect(createProfileSchema.safeParse({ ...base, profile: { ...base.profile, email: long } }).success).toBe(false);
    expect(createProfileSchema.safeParse({ ...base, profile: { ...base.profile, full_name: long } }).success).toBe(
      false,
    );
    expect(createProfileSchema.safeParse({ ...base, profile: { ...base.profile, full_name: 'P\u0000' } }).success).toBe(
      false,
    );
  });
});

describe('sign-in and reset', () => {
  it('asks for both fields when both are empty', () => {
    expect(fieldErrors(signInSchema.safeParse({ identifier: '', password: '' }).error!)).toEqual({
      identifier: 'Please enter both email and password.',
    });
  });
  it('asks for the email and the password separately', () => {
    expect(fieldErrors(signInSchema.safeParse({ identifier: '', password: 'x' }).error!)).toEqual({
      identifier: 'Please enter your email address',
    });
    expect(fieldErrors(signInSchema.safeParse({ identifier: 'player', password: '' }).error!)).toEqual({
      password: 'Please enter your password',
    });
  });
  it('accepts a username or an email', () => {
    expect(signInSchema.safeParse({ identifier: 'player_one', password: 'x' }).success).toBe(true);
    expect(signInSchema.safeParse({ identifier: 'p@example.com', password: 'x' }).success).toBe(true);
    expect(fieldErrors(signInSchema.safeParse({ identifier: 'p@', password: 'x' }).error!)).toEqual({
      identifier: 'Please enter a valid email address',
    });
  });
  it('bounds the identifier: an email of at most 320 characters, a username of at most 20', () => {
    expect(
      fieldErrors(signInSchema.safeParse({ identifier: `${'p'.repeat(400)}@example.com`, password: 'x' }).error!),
    ).toEqual({
      identifier: 'Please enter a valid email address',
    });
    expect(fieldErrors(signInSchema.safeParse({ identifier: 'p'.repeat(21), password: 'x' }).error!)).toEqual({
      identifier: 'Username must be no more than 20 characters long',
    });
    expect(fieldErrors(signInSchema.safeParse({ identifier: 'play\u0000er', password: 'x' }).error!)).toEqual({
      identifier: 'Username can only contain letters, numbers, underscores, and hyphens',
    });
    expect(fieldErrors(signInSchema.safeParse({ identifier: 'p\u0000@example.com', password: 'x' }).error!)).toEqual({
      identifier: 'Please enter a valid email address',
    });
  });
  it('reset needs an email', () => {
    expect(firstMessage(resetPasswordSchema.safeParse({ email: '' }))).toBe('Please enter your email address');
  });
  it('a new password must match its confirmation', () => {
    expect(
      fieldErrors(updatePasswordSchema.safeParse({ newPassword: 'Secret123!', confirmPassword: 'x' }).error!),
    ).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
});

describe('create-profile body', () => {
  it('has the spec shape', () => {
    const body = {
      user: { id: '7f1c2d9e-9d53-4b8e-9f4b-2f3a5c6d7e8f', email: 'a@b.cd' },
      profile: { username: 'player', full_name: 'P', email: 'a@b.cd' },
    };
    expect(createProfileSchema.safeParse(body).success).toBe(true);
    expect(createProfileSchema.safeParse({ ...body, profile: { ...body.profile, username: 'admin' } }).success).toBe(
      false,
    );
  });
});
