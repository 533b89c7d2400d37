import { ApiException } from "@kubernetes/client-node";

/**
 * Whether `read` finds the object. Only a 404 means "gone"; any other failure (apiserver down,
 * forbidden) is thrown, so a test cannot mistake a broken cluster for a deleted object.
 */
export async function kubeObjectExists(read: () => Promise<unknown>): Promise<boolean> {
  try {
    await read();
    return true;
  } catch (err) {
    if (err instanceof ApiException && err.code === 404) return false;
    throw err;
  }
}
