/*
 * Server answers of the administration calls where the spec shows no wording ("the
 * server message after saves"; "deleting a center, role or tag still in use is refused
 * with a clear message", spec part 1 section 8). The spec's own texts come from the contract.
 */
export const adminMessages = {
  centerAdded: 'Center added successfully',
  centerUpdated: 'Center updated successfully',
  centerInUse: 'This center still has users, children or records and cannot be deleted.',
  headOffice: 'The all-center administration center cannot be deleted or disabled.',
  tagAdded: 'Tag added successfully',
  tagUpdated: 'Tag updated successfully',
  tagTaken: 'The tag name has already been taken.',
  tagInUse: 'This tag is still used by documents and cannot be deleted.',
  roleAdded: 'Role added successfully',
  roleUpdated: 'Role updated successfully',
  roleTaken: 'The role name has already been taken.',
  roleInUse: 'This role is still given to users and cannot be deleted.',
  builtInRole: 'The superadmin, admin and viewer roles cannot be renamed or deleted.',
  userAdded: 'User added successfully',
  userUpdated: 'User updated successfully',
  emailFixed: 'The email cannot be changed once the user is created.',
  ownAccount: 'You cannot delete or disable your own account.',
  invalidRole: 'The selected role is invalid.',
  invalidCenterType: 'The selected center type is invalid.',
  statusInvalid: 'The status must be 1 or 0.',
} as const;
