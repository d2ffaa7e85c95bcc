import { graphql } from "../../graphql/generated";

/** Every GraphQL document of the team, invitation and your-data screens. */
export const TeamMemberFieldsFragment = graphql(`
  fragment TeamMemberFields on TeamMember {
    id
    email
    name
    role
    status
    expiresAt
  }
`);

export const TeamQuery = graphql(`
  query Team {
    me {
      id
    }
    account {
      id
      name
    }
    teamMembers {
      ...TeamMemberFields
    }
  }
`);

export const InviteUserMutation = graphql(`
  mutation InviteUser($input: InviteUserInput!) {
    inviteUser(input: $input) {
      ...TeamMemberFields
    }
  }
`);

export const UpdateMemberRoleMutation = graphql(`
  mutation UpdateMemberRole($userId: ID!, $role: AccountRole!) {
    updateMemberRole(userId: $userId, role: $role) {
      ...TeamMemberFields
    }
  }
`);

export const RemoveMemberMutation = graphql(`
  mutation RemoveMember($userId: ID!) {
    removeMember(userId: $userId)
  }
`);

export const RevokeInvitationMutation = graphql(`
  mutation RevokeInvitation($id: ID!) {
    revokeInvitation(id: $id)
  }
`);

export const TransferOwnershipMutation = graphql(`
  mutation TransferOwnership($userId: ID!) {
    transferOwnership(userId: $userId)
  }
`);

export const AcceptInvitationMutation = graphql(`
  mutation AcceptInvitation($token: String!) {
    acceptInvitation(token: $token) {
      id
      name
    }
  }
`);

export const DeclineInvitationMutation = graphql(`
  mutation DeclineInvitation($token: String!) {
    declineInvitation(token: $token)
  }
`);

export const YourDataQuery = graphql(`
  query YourData {
    me {
      id
    }
    account {
      id
      name
    }
    teamMembers {
      id
      role
      status
    }
  }
`);

export const DeleteAccountMutation = graphql(`
  mutation DeleteAccount($confirmName: String!) {
    deleteAccount(confirmName: $confirmName)
  }
`);

export const DeleteMeMutation = graphql(`
  mutation DeleteMe {
    deleteMe
  }
`);
