import { AppError } from "@/server/domain/errors";

/** A plan limit refused an action (CONFLICT): callers recognise it to notify the owner once (quota.reached). */
export class QuotaRefusal extends AppError {
  constructor(message: string) {
    super("CONFLICT", message);
  }
}
