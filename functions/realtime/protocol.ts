import { z } from 'zod';

/**
 * The part of the Supabase Realtime websocket protocol (Phoenix channels, serializer
 * 2.0.0: text frames holding `[join_ref, ref, topic, event, payload]`) that supabase-js
 * uses for a private broadcast channel: join with an access token, heartbeat, access
 * token refresh, leave, and broadcasts from the server.
 */

const ref = z.string().max(64).nullable();

export const frameSchema = z.tuple([
  ref,
  ref,
  z.string().min(1).max(255),
  z.string().min(1).max(64),
  z.record(z.string(), z.unknown()),
]);

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** A text frame from the client, or null for anything else (binary, malformed, oversized). */
export function decodeFrame(data: string): Frame | null {
  if (data.length > 16_384) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = frameSchema.safeParse(raw);
  if (!parsed.success) return null;
  const [joinRef, messageRef, topic, event, payload] = parsed.data;
  return { joinRef, ref: messageRef, topic, event, payload };
}

export function encodeFrame(frame: Frame): string {
  return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
}

export const joinPayloadSchema = z.object({
  access_token: z.string().min(1).max(16_384).optional(),
  config: z.object({ private: z.boolean().optional() }).loose().optional(),
});

export const reply = (frame: Frame, status: 'ok' | 'error', response: Record<string, unknown>): Frame => ({
  joinRef: frame.joinRef,
  ref: frame.ref,
  topic: frame.topic,
  event: 'phx_reply',
  payload: { status, response },
});

/** A server-sent broadcast, as supabase-js hands it to `.on('broadcast', { event }, …)`. */
export const broadcastFrame = (
  topic: string,
  event: string,
  payload: Record<string, unknown>,
  joinRef: string | null = null,
): Frame => ({
  joinRef,
  ref: null,
  topic,
  event: 'broadcast',
  payload: { type: 'broadcast', event, payload },
});

/** The channel topic of a user's notifications on the wire (`realtime:` + the channel name). */
export const userTopic = (userId: string) => `realtime:user:${userId}`;

export const unauthorized = (topic: string) =>
  `Unauthorized: You do not have permissions to read from this Channel topic: ${topic.replace(/^realtime:/, '')}`;

/** Supabase Realtime's reason for closing a channel whose permission went away. */
export const revoked = (topic: string) =>
  `You no longer have permission to read from this Channel topic: ${topic.replace(/^realtime:/, '')}`;
