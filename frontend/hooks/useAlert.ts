import { useEffect, useState } from "react";

import { parseAlert } from "@/lib/alert";
import { getJson } from "@/lib/http";
import { routes } from "@/routes";
import type { AlertProps } from "@/types/generated";

/** The site-wide alert (docs/behaviour.md#alert-banner), fetched once per page load. A broken or
 * missing alerts endpoint never disturbs the page: there is simply no alert. */
export function useAlert(): AlertProps | null {
  const [alert, setAlert] = useState<AlertProps | null>(null);
  useEffect(() => {
    let cancelled = false;
    getJson<unknown>(routes.shell.alerts(), { handle: "all" }).then((result) => {
      if (!cancelled && result.status === 200) setAlert(parseAlert(result.data));
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return alert;
}
