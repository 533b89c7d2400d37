import path from "node:path";
import { fileURLToPath } from "node:url";
import type { KubeTools } from "../kube-tools";
import { imageConfigFromDockerfile } from "./image-config";
import type { DeploymentPodOptions } from "./run-deployment-pod";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const DOCKERFILE = path.join(repoRoot, "deployments/images/Dockerfile");

/**
 * kubebyon-web and kubebyon-worker as the pod runner plays them: the config of their Dockerfile
 * targets, /app = this repository (its `next build` output and node_modules are what the image
 * copies there), and /usr/local/bin = the node, helm and kubectl the image carries (the Node the
 * tests run on, the helm/kubectl built for the tests at the Dockerfile's versions).
 */
export function platformImages(tools: KubeTools): Pick<DeploymentPodOptions, "images" | "imageFiles" | "imageDirs"> {
  return {
    images: {
      "kubebyon-web": imageConfigFromDockerfile(DOCKERFILE, "web"),
      "kubebyon-worker": imageConfigFromDockerfile(DOCKERFILE, "worker"),
    },
    imageFiles: [
      { target: "/app", source: repoRoot, file: false },
      { target: "/usr/local/bin/node", source: process.execPath, file: true },
      { target: "/usr/local/bin/helm", source: tools.helm, file: true },
      { target: "/usr/local/bin/kubectl", source: tools.kubectl, file: true },
    ],
    imageDirs: ["/usr/local/bin"],
  };
}
