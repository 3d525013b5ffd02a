import HubCore
