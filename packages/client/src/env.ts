/** The environment the command reads its server and token from (HIERBOARD_URL, HIERBOARD_TOKEN, HIERBOARD_CONFIG, XDG_CONFIG_HOME). */
export const processEnvironment: NodeJS.ProcessEnv = process.env;
