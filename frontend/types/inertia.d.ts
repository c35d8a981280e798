import type { ConsentProps, SharedProps } from "./generated";

declare module "@inertiajs/core" {
  export interface InertiaConfig {
    // `consent` is shared by the consent app (registered from its AppConfig.ready).
    sharedPageProps: SharedProps & { consent: ConsentProps };
    errorValueType: string;
    flashDataType: { messages?: Array<{ level: string; message: string }> };
  }
}

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}
