import { redirect } from "next/navigation";
import { getViewer } from "@/server/api/server-caller";

export default async function HomePage() {
  redirect((await getViewer()) ? "/dashboard" : "/login");
}
