import type { SharedProps } from "./generated";

declare module "@inertiajs/core" {
  export interface InertiaConfig {
    sharedPageProps: SharedProps;
    errorValueType: string;
    flashDataType: { messages?: Array<{ level: string; message: string }> };
  }
}

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}
