import { router } from "@/server/api/trpc";
import { changePassword } from "./change-password";
import { confirmEmailChange } from "./confirm-email-change";
import { deleteAvatar } from "./delete-avatar";
import { getProfile } from "./get-profile";
import { listSessions } from "./list-sessions";
import { requestEmailChange } from "./request-email-change";
import { revokeOtherSessions } from "./revoke-other-sessions";
import { revokeSession } from "./revoke-session";
import { updateProfile } from "./update-profile";
import { uploadAvatar } from "./upload-avatar";

export const profileRouter = router({
  get: getProfile,
  update: updateProfile,
  uploadAvatar,
  deleteAvatar,
  changePassword,
  requestEmailChange,
  confirmEmailChange,
  listSessions,
  revokeSession,
  revokeOtherSessions,
});
