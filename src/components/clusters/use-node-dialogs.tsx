"use client";

import { useState, type ReactNode } from "react";
import { DeleteNodeDialog } from "./delete-node-dialog";
import { DrainNodeDialog } from "./drain-node-dialog";

type Open = { kind: "drain" | "delete"; nodeName: string } | null;

/** The confirm dialogs of the node operations, for any page that lists or shows nodes. */
export function useNodeDialogs(clusterId: string, onDeleted?: (nodeName: string) => void): {
  openDrain: (nodeName: string) => void;
  openDelete: (nodeName: string) => void;
  dialogs: ReactNode;
} {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  let dialogs: ReactNode = null;
  if (open?.kind === "drain") dialogs = <DrainNodeDialog clusterId={clusterId} nodeName={open.nodeName} onClose={close} />;
  if (open?.kind === "delete") {
    const { nodeName } = open;
    dialogs = <DeleteNodeDialog clusterId={clusterId} nodeName={nodeName} onClose={close} onDeleted={() => onDeleted?.(nodeName)} />;
  }
  return {
    openDrain: (nodeName) => setOpen({ kind: "drain", nodeName }),
    openDelete: (nodeName) => setOpen({ kind: "delete", nodeName }),
    dialogs,
  };
}
