/** Sent in the User-Agent; a test keeps it equal to package.json's version. */
export const ACTION_NAME = 'agent-server-deploy-action'
export const ACTION_VERSION = '1.5.0'
