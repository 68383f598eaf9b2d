// Stub: being built (issue 12).
export function ManagePackagesScreen() {
  return <section className="page"><h1>Manage Packages</h1></section>;
}
