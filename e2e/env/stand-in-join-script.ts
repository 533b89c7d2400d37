/**
 * The script the stand-in `/node/join` serves. What the real one ends with, as the API server sees it, is the
 * kubelet's TLS bootstrap: a fresh key and a CertificateSigningRequest for `system:node:<node name>` created with
 * the bootstrap token (so as `system:bootstrap:<token id>`, signer kube-apiserver-client-kubelet). The stand-in
 * does exactly that with openssl and curl against the vCluster's apiserver, so token provenance is tied for real;
 * installing containerd and the kubelet is what it leaves out. `--node-name` names the node (else the lowercased
 * host name, as the kubelet registers); `--reset-only` cleans and joins nothing. It prints its flags, as the real
 * script parses them. `tail` runs before the bootstrap (e.g. a failing kubeadm step: `echo boom >&2; exit 3`).
 */
export function standInJoinScript(input: { token: string; tokenId: string; server: string; caPem: string; tail: string }): string {
  return `#!/bin/sh
# vCluster join script (KubeBYON test stand-in)
set -eu
TOKEN_ID="${input.tokenId}"
echo "joining with bootstrap token $TOKEN_ID"
echo "join script flags: $*"
node_name=$(uname -n | tr '[:upper:]' '[:lower:]')
reset_only=0
while [ $# -gt 0 ]; do
  case "$1" in
    --node-name) node_name="$2"; shift 2 ;;
    --node-name=*) node_name="\${1#--node-name=}"; shift ;;
    --reset-only) reset_only=1; shift ;;
    *) shift ;;
  esac
done
if [ "$reset_only" = 1 ]; then
  echo "reset: kubelet and containerd state removed"
  exit 0
fi
${input.tail}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/ca.crt" <<'KUBEBYON_CA'
${input.caPem.trim()}
KUBEBYON_CA
openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout "$work/kubelet.key" \\
  -subj "/O=system:nodes/CN=system:node:$node_name" -out "$work/kubelet.csr" 2>/dev/null
request=$(base64 < "$work/kubelet.csr" | tr -d '\\n')
curl -fsS --cacert "$work/ca.crt" -H 'Authorization: Bearer ${input.token}' -H 'Content-Type: application/json' \\
  -d '{"apiVersion":"certificates.k8s.io/v1","kind":"CertificateSigningRequest","metadata":{"generateName":"csr-"},"spec":{"request":"'"$request"'","signerName":"kubernetes.io/kube-apiserver-client-kubelet","usages":["digital signature","client auth"]}}' \\
  '${input.server}/apis/certificates.k8s.io/v1/certificatesigningrequests' > /dev/null
echo "kubelet bootstrap: certificate requested for node $node_name"
`;
}
