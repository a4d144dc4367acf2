package io.carillon.console.internal.incidents;

/** Where a notification channel sends: an email address, a signed JSON webhook, or a chat service's robot. */
enum ChannelType {
    EMAIL,
    WEBHOOK,
    SLACK,
    WECOM,
    DINGTALK,
    FEISHU
}
