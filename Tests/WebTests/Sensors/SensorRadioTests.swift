import HubCore
import Testing

@testable import Web

/// The bus's side of the seam: who answers, and what the page hears when nobody does.
@Suite struct SensorRadioTests {
    @Test func withoutTheOwningPluginTheRadioSaysBluetoothIsNotAvailableAtOnce() async {
        let radio = BusSensorRadio(bus: MessageBus())
        #expect(await radio.perform(.scan(for: .seconds(5)), on: .strap) == .failure(SensorFamily.strap.notRunning))
        #expect(
            await radio.perform(.disconnect(address: "C0:FF:EE:00:00:01"), on: .sensor)
                == .failure(SensorFamily.sensor.notRunning))
        #expect(SensorFamily.sensor.notRunning.description.hasPrefix("Bluetooth is not available for fitness sensors"))
    }

    @Test func eachFamilysCommandGoesToItsOwnPluginAndItsAnswerComesBack() async {
        let bus = MessageBus()
        let straps = bus.inbox(of: StrapCommand.self)
        let sensors = bus.inbox(of: FitnessSensorCommand.self)
        let radio = BusSensorRadio(bus: bus)
        async let strapAnswer = radio.perform(.scan(for: .seconds(1)), on: .strap)
        async let sensorAnswer = radio.perform(.pair(address: "C0:FF:EE:00:00:05", searchFor: .seconds(1)), on: .sensor)
        var strapCommands = straps.makeAsyncIterator()
        var sensorCommands = sensors.makeAsyncIterator()
        let strapCommand = await strapCommands.next()
        let sensorCommand = await sensorCommands.next()
        #expect(strapCommand?.action == .scan(for: .seconds(1)))
        #expect(sensorCommand?.action == .pair(address: "C0:FF:EE:00:00:05", searchFor: .seconds(1)))
        strapCommand?.reply.answer(.success([.polar]))
        sensorCommand?.reply.answer(.failure(BluetoothActionFailure("not a sensor")))
        #expect(await strapAnswer == .success([.polar]))
        #expect(await sensorAnswer == .failure(BluetoothActionFailure("not a sensor")))
    }

    @Test func aReplyKeepsTheFirstAnswerAndAnUnansweredOneEndsAtItsBound() async {
        let reply = BusReply<Int>()
        reply.answer(1)
        reply.answer(2)
        #expect(await reply.value(within: .seconds(60)) == 1)
        #expect(await BusReply<Int>().value(within: .milliseconds(1)) == nil)
    }

    @Test func thePagesWaitIsBoundedByTheActionsOwnLength() {
        #expect(BusSensorRadio.bound(of: .scan(for: .seconds(5))) == .seconds(15))
        #expect(BusSensorRadio.bound(of: .pair(address: "C0:FF:EE:00:00:01", searchFor: .seconds(10))) == .seconds(50))
        #expect(BusSensorRadio.bound(of: .disconnect(address: "C0:FF:EE:00:00:01")) == .seconds(10))
    }
}
