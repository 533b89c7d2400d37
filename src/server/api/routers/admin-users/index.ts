import { router } from "@/server/api/trpc";
import { changeUserRole } from "./change-user-role";
import { disableUser } from "./disable-user";
import { enableUser } from "./enable-user";
import { getUser } from "./get-user";
import { listUsers } from "./list-users";

export const adminUsersRouter = router({ list: listUsers, get: getUser, changeRole: changeUserRole, disable: disableUser, enable: enableUser });
