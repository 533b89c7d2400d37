import { redirect } from "next/navigation";
import { getViewer } from "@/app/_server/server-caller";

export default async function HomePage() {
  redirect((await getViewer()) ? "/dashboard" : "/login");
}
