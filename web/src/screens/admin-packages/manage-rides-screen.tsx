// Stub: being built (issue 12).
export function ManageRidesScreen() {
  return <section className="page"><h1>Manage Ride Packages</h1></section>;
}
