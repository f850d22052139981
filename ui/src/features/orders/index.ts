// What other features may use of the orders feature: a customer's orders and their badges (the
// customer's page lists them).
export { useOrders } from "./api/orders";
export { FinancialBadge, FulfilmentBadge } from "./components/OrderBadges";
