let lastPushed: string | null = null;

/** Push the logged-in user's customer_id to the tag manager's data layer, once per user. */
export function pushCustomerId(customerId: string | null | undefined): void {
  if (!customerId || customerId === lastPushed) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ customer_id: customerId });
  lastPushed = customerId;
}

export function resetAnalyticsForTests(): void {
  lastPushed = null;
}
