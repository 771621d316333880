import { z } from 'zod';

/** The contact form: what it asks, its limits and its messages. */

export const CONTACT_TOPICS = {
  general: 'General question',
  support: 'Help with my account',
  feedback: 'Feedback and ideas',
  press: 'Press',
  privacy: 'Privacy',
  outlets: 'Outlets and critics',
} as const;
export type ContactTopic = keyof typeof CONTACT_TOPICS;

export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  message: 5000,
  /** Messages per sender address, and per email address, within the window. */
  perWindow: 3,
  windowMinutes: 60,
} as const;

export const CONTACT_MESSAGES = {
  sent: 'Thank you! Your message has been sent. We usually answer within two working days.',
  rateLimited: 'You have sent several messages in the last hour. Please wait a while before sending another.',
} as const;

/** What the page says after a form post that was refused (by field, or the rate limit). */
export const CONTACT_FORM_ERRORS: Readonly<Record<string, string>> = {
  name: 'Please enter your name (at most 100 characters).',
  email: 'Please enter a valid email address.',
  topic: 'Please choose a topic.',
  message: 'Please write a message of at most 5000 characters.',
  rate_limited: CONTACT_MESSAGES.rateLimited,
  form: 'Your message could not be sent. Please check the form and try again.',
};

export const contactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter your name.')
    .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters.`),
  email: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters.`)
    .pipe(z.email('Please enter a valid email address.')),
  topic: z.enum(Object.keys(CONTACT_TOPICS) as [ContactTopic, ...ContactTopic[]], { error: 'Please choose a topic.' }),
  message: z
    .string()
    .trim()
    .min(1, 'Please write a message.')
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters.`),
  /** The honeypot: hidden from people, filled in by form-filling robots. */
  website: z.string().max(500).optional(),
});

export type ContactInput = z.output<typeof contactSchema>;

/** A filled honeypot: answer as if sent, store nothing. */
export const isSpam = (input: Pick<ContactInput, 'website'>) => Boolean(input.website && input.website.trim() !== '');

/** The email the team receives. */
export function contactEmail(input: ContactInput, siteName: string): { subject: string; text: string } {
  return {
    subject: `[${siteName} contact] ${CONTACT_TOPICS[input.topic]} from ${input.name}`,
    text: `From: ${input.name} <${input.email}>\nTopic: ${CONTACT_TOPICS[input.topic]}\n\n${input.message}\n`,
  };
}
