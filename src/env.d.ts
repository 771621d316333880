/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /**
     * Set by a route (invalid parameters) or the middleware (database down) before it
     * rewrites to /404 or /error, so that page can show the right status and message.
     */
    pageError?: { status: number; message?: string | undefined } | undefined;
  }
}
