// The account's query keys, without the API module: the pricing page (a public page) names them
// and loads the API module only when a signed-in visitor needs it (decision 028).

export const meQueryKey = ["me"] as const;

export const planUsageQueryKey = ["me", "plan"] as const;
