// Tells React that the component tests drive it through act() (react-dom warns otherwise).
declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

export {};
