import { z } from 'zod';
import { isReservedUsername } from './reserved-usernames.ts';

// zod must not probe for `new Function` (its faster object parsing) in the browser: the
// Content Security Policy forbids eval, and the browser reports even a caught attempt. The
// server parses the same way, so both sides behave alike; the bodies it parses are small.
z.config({ jitless: true });

/**
 * The account forms' rules, shared by the auth modal, the account pages and the server
 * handlers. Every message is the product spec's, word for word.
 */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const MIN_PASSWORD_SCORE = 2;
export const FULL_NAME_MAX = 100;
export const BIO_MAX = 500;
/** The longest address SMTP allows (64-character local part, @, 255-character domain). */
export const EMAIL_MAX = 320;
/** Availability is checked this long after typing stops. */
export const USERNAME_CHECK_DEBOUNCE_MS = 500;
/** How long a form waits after typing stops before checking an input. */
export const INPUT_DEBOUNCE_MS = 300;

export const MESSAGES = {
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters long',
  usernameTooLong: 'Username must be no more than 20 characters long',
  usernameCharacters: 'Username can only contain letters, numbers, underscores, and hyphens',
  usernameReserved: 'This username is reserved and cannot be used',
  usernameAvailable: '✓ Username is available',
  usernameTaken: 'Username is already taken.',
  usernameTakenLong: 'Username is already taken. Please choose a different username.',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooWeak: 'Password is too weak. Please choose a stronger password.',
  passwordsDoNotMatch: 'Passwords do not match',
  fullNameRequired: 'Full name is required',
  fullNameTooLong: 'Full name must be no more than 100 characters long',
  bioTooLong: 'Bio must be no more than 500 characters long',
  emailInvalid: 'Please enter a valid email address',
  emailRequired: 'Please enter your email address',
  passwordRequired: 'Please enter your password',
  emailAndPasswordRequired: 'Please enter both email and password.',
  // Not in the spec: what PATCH /api/profile answers to a field it does not change.
  avatarByUpload: 'The avatar is changed by uploading a picture on your profile page.',
  profileFieldsOnly: 'Only full_name and bio can be changed here.',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  networkError: 'Network error. Please check your connection and try again.',
  serverError: 'Server error. Please try again later.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  failedToCreateProfile: 'Failed to create profile.',
  failedToSignIn: 'Failed to sign in.',
  failedToSignInWithGoogle: 'Failed to sign in with Google.',
  failedToSignUp: 'Failed to sign up.',
  failedToSendResetEmail: 'Failed to send reset email.',
  noUserIdFromSignup: 'No user ID returned from signup.',
  signedIn: 'Signed in successfully!',
  checkEmailForConfirmation: 'Please check your email for the confirmation link',
  resetEmailTitle: 'Check your email',
  resetEmailText: "We've sent you instructions to reset your password",
  profileCreated: 'Profile created successfully!',
  profileUpdated: 'Profile updated successfully!',
  // Not in the spec: control characters in a name or a bio (a NUL byte cannot even be stored).
  invalidCharacters: 'Please remove the control characters from this text.',
} as const;

// Characters nobody types into a name; a bio keeps its line breaks and tabs.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const hasNo = (pattern: RegExp) => (value: string) => !pattern.test(value);

/** How long the reset-email toast stays: 6 s. */
export const RESET_EMAIL_TOAST_MS = 6_000;

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
/** A pragmatic address shape: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const usernameSchema = z
  .string({ error: MESSAGES.usernameRequired })
  .trim()
  .min(1, MESSAGES.usernameRequired)
  .min(USERNAME_MIN, MESSAGES.usernameTooShort)
  .max(USERNAME_MAX, MESSAGES.usernameTooLong)
  .regex(USERNAME_PATTERN, MESSAGES.usernameCharacters)
  .refine((value) => !isReservedUsername(value), MESSAGES.usernameReserved);

/** The first message a username breaks, or null when it is well formed (availability aside). */
export function usernameError(value: string): string | null {
  const result = usernameSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? MESSAGES.usernameRequired);
}

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(EMAIL_MAX, MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid)
  .refine(hasNo(CONTROL_CHARACTERS), MESSAGES.emailInvalid);

export const fullNameSchema = z
  .string({ error: MESSAGES.fullNameRequired })
  .trim()
  .min(1, MESSAGES.fullNameRequired)
  .max(FULL_NAME_MAX, MESSAGES.fullNameTooLong)
  .refine(hasNo(CONTROL_CHARACTERS), MESSAGES.invalidCharacters);

export const bioSchema = z
  .string()
  .trim()
  .max(BIO_MAX, MESSAGES.bioTooLong)
  .refine(hasNo(CONTROL_CHARACTERS_BUT_LINES), MESSAGES.invalidCharacters);

export type PasswordLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

/** One point each: length >= 8, an uppercase letter, a lowercase letter, a digit, a special character. */
export function passwordScore(password: string): number {
  let score = 0;
  if (password.length >= PASSWORD_MIN) score += 1;
  if (/[A-Z]/.test(password)) score += 1;
  if (/[a-z]/.test(password)) score += 1;
  if (/\d/.test(password)) score += 1;
  if (/[^A-Za-z0-9]/.test(password)) score += 1;
  return score;
}

export function passwordLabel(score: number): PasswordLabel {
  if (score < 2) return 'Weak';
  if (score === 2) return 'Fair';
  if (score === 3) return 'Good';
  return 'Strong';
}

/** A new password: at least 8 characters and a score of 2 or more. */
export const newPasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
  .refine((value) => passwordScore(value) >= MIN_PASSWORD_SCORE, MESSAGES.passwordTooWeak);

export const signUpSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
    username: usernameSchema,
    fullName: fullNameSchema,
    bio: bioSchema.optional().default(''),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDoNotMatch,
  });
export type SignUpForm = z.input<typeof signUpSchema>;

/**
 * Sign-in: an email or a username, plus a password. Empty fields give the spec's
 * messages; both empty gives "Please enter both email and password.".
 */
export const signInSchema = z
  .object({ identifier: z.string().trim(), password: z.string() })
  .superRefine((form, ctx) => {
    if (!form.identifier && !form.password) {
      ctx.addIssue({ code: 'custom', path: ['identifier'], message: MESSAGES.emailAndPasswordRequired });
      return;
    }
    const { identifier } = form;
    if (!identifier) ctx.addIssue({ code: 'custom', path: ['identifier'], message: MESSAGES.emailRequired });
    else if (isEmailIdentifier(identifier)) {
      if (!emailSchema.safeParse(identifier).success)
        ctx.addIssue({ code: 'custom', path: ['identifier'], message: MESSAGES.emailInvalid });
    } else if (identifier.length > USERNAME_MAX) {
      ctx.addIssue({ code: 'custom', path: ['identifier'], message: MESSAGES.usernameTooLong });
    } else if (CONTROL_CHARACTERS.test(identifier)) {
      ctx.addIssue({ code: 'custom', path: ['identifier'], message: MESSAGES.usernameCharacters });
    }
    if (!form.password) ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.passwordRequired });
  });
export type SignInForm = z.input<typeof signInSchema>;

/** Does the sign-in identifier look like an email (else it is a username)? */
export const isEmailIdentifier = (identifier: string) => identifier.includes('@');

export const resetPasswordSchema = z.object({ email: emailSchema });

export const updatePasswordSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDoNotMatch,
  });

/**
 * PATCH /api/profile: the fields it names change, the others are left as they are (a form
 * that loaded the profile before an avatar upload must not send the old avatar back). The
 * avatar is changed only by the upload flow (POST /api/profile/avatar). An empty bio clears it.
 */
export const profileUpdateSchema = z.strictObject(
  {
    full_name: fullNameSchema.optional(),
    bio: bioSchema.optional(),
    avatar_url: z.never({ error: MESSAGES.avatarByUpload }).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? MESSAGES.profileFieldsOnly : undefined) },
);
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** POST /api/auth/create-profile: the caller's own user id and the profile to create. */
export const createProfileSchema = z.object({
  user: z.object({
    id: z.uuid(),
    email: z.string().trim().max(EMAIL_MAX, MESSAGES.emailInvalid).optional().nullable(),
  }),
  profile: z.object({
    username: usernameSchema,
    full_name: z
      .string()
      .trim()
      .max(FULL_NAME_MAX, MESSAGES.fullNameTooLong)
      .refine(hasNo(CONTROL_CHARACTERS), MESSAGES.invalidCharacters)
      .optional()
      .nullable(),
    email: z.string().trim().max(EMAIL_MAX, MESSAGES.emailInvalid).optional().nullable(),
  }),
});
export type CreateProfileBody = z.input<typeof createProfileSchema>;

/** First message per field, for forms: { email: '...', password: '...' }. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}
