import { RbacAuthorizationV1Api, type KubeConfig } from "@kubernetes/client-node";

const RBAC = "rbac.authorization.k8s.io";
/** The extra group of kubeadm's (and `vcluster token create`'s) node bootstrap tokens. */
const NODE_TOKEN_GROUP = "system:bootstrappers:kubeadm:default-node-token";

/**
 * The ClusterRoleBindings kubeadm's bootstrap-token phase writes into every cluster it sets up, and that a
 * vCluster's private-nodes join path (kubeadm join) relies on: bootstrappers may create CSRs
 * (`kubeadm:kubelet-bootstrap`), their node client CSRs are auto-approved by kube-controller-manager's
 * csrapproving controller, and so are the nodes' own renewals. The ClusterRoles are the apiserver's bootstrap
 * policy. Without the first one a kubelet's bootstrap CSR is Forbidden, as on a real host.
 */
const BINDINGS = [
  { name: "kubeadm:kubelet-bootstrap", role: "system:node-bootstrapper", group: NODE_TOKEN_GROUP },
  { name: "kubeadm:node-autoapprove-bootstrap", role: "system:certificates.k8s.io:certificatesigningrequests:nodeclient", group: NODE_TOKEN_GROUP },
  { name: "kubeadm:node-autoapprove-certificate-rotation", role: "system:certificates.k8s.io:certificatesigningrequests:selfnodeclient", group: "system:nodes" },
] as const;

export async function createKubeadmBootstrapBindings(admin: KubeConfig): Promise<void> {
  const rbac = admin.makeApiClient(RbacAuthorizationV1Api);
  for (const binding of BINDINGS) {
    await rbac.createClusterRoleBinding({
      body: {
        metadata: { name: binding.name },
        roleRef: { apiGroup: RBAC, kind: "ClusterRole", name: binding.role },
        subjects: [{ apiGroup: RBAC, kind: "Group", name: binding.group }],
      },
    });
  }
}
