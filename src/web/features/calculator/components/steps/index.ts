// The calculator's steps (spec §3), one file each under steps/.
export type { StepProps } from "./step-props";
export { SelectAssetsStep, SelectLiabilitiesStep } from "./selection-steps";
export { CashStep } from "./cash-step";
export { GoldSilverStep } from "./gold-silver-step";
export { LiabilityAmountsStep, MoneyOwedStep, SharesBusinessStep } from "./money-steps";
