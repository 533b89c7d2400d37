import type { AuthFailure } from "./authenticate-request";

/** The 401 message for each way authentication fails; each says what to do next. */
export function authFailureMessage(failure: AuthFailure | undefined): string {
  switch (failure) {
    case "invalid_api_key":
      return "The API key is invalid or revoked. Create a new key in the console (API keys).";
    case "expired_api_key":
      return "API key expired. Create a new key in the console (API keys) and use it instead.";
    case "expired_session":
      return "Your session has expired (sessions last a fixed time after sign-in). Sign in again.";
    case "idle_session":
      return "Your session expired after a period of inactivity. Sign in again.";
    case "invalid_session":
      return "Your session has ended. Sign in again.";
    default:
      return "Sign in, or send an API key as `Authorization: Bearer <key>`.";
  }
}
