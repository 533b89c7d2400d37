"use client";

import { useId } from "react";
import { useHydrated } from "./use-hydrated";

export interface CompactSelectOption {
  value: string;
  label: string;
  lang?: string;
}

interface CompactSelectProps {
  label: string;
  value: string;
  options: readonly CompactSelectOption[];
  onChange: (value: string) => void;
  disabled?: boolean;
  testId?: string;
}

const selectClasses =
  "h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";

/** A small select for header controls, labelled for screen readers only. */
export function CompactSelect({ label, value, options, onChange, disabled, testId }: CompactSelectProps) {
  const id = useId();
  // Changing the value before hydration would do nothing, so the control waits for React.
  const hydrated = useHydrated();
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        value={value}
        disabled={disabled || !hydrated}
        onChange={(event) => onChange(event.target.value)}
        className={selectClasses}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
